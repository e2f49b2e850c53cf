/* Structs, unions, nested records, members through pointers, bit-fields. */
struct point { int x, y; };
struct shape { struct point corner; union { int radius; double side; } size; unsigned kind : 2; };

int area(struct shape *s)
{
    return s->kind == 1 ? s->size.radius * s->size.radius * 3 : (int)(s->size.side * s->size.side);
}

int main(void)
{
    struct shape s = {.corner = {1, 2}, .size = {.radius = 2}, .kind = 1};
    struct shape t = s;
    t.corner.x += s.corner.y;
    return area(&t) - 12 + t.corner.x - 3;
}
