/* C11 anonymous struct and union members: the IR keeps them as unnamed
 * fields; member access names the inner member directly. */
struct shape {
    int kind;
    union {
        int side;
        struct {
            short w, h;
        };
    };
};

int main(void)
{
    struct shape s = {1, {.side = 0}};
    struct shape *p = &s;
    s.w = 2;
    p->h = 3;
    return s.w * p->h + (int)_Alignof(struct shape) - 10;
}
