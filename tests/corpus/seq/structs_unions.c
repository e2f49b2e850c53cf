/* Exercises structs and unions: nesting, assignment and copy, passing and
 * returning by value, pointers to structs, unions sharing storage, tagged
 * unions, self-referential structs (linked list), bit-fields, and a flexible
 * array member allocated with malloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
    int x;
    int y;
};

struct rect {
    struct point lo;
    struct point hi;
    char label[8];
};

enum shape_kind { SHAPE_CIRCLE, SHAPE_RECT };

struct shape {
    enum shape_kind kind;
    union {
        struct {
            struct point center;
            int radius;
        } circle;
        struct rect rect;
    } u;
};

union word {
    unsigned int u32;
    unsigned short u16[2];
    unsigned char u8[4];
};

struct flags {
    unsigned int ready : 1;
    unsigned int mode : 3;
    unsigned int count : 12;
};

/* flexible array member */
struct series {
    int len;
    double total;
    int values[];
};

struct node {
    int value;
    struct node *next;
};

static struct point point_add(struct point a, struct point b)
{
    struct point r;
    r.x = a.x + b.x;
    r.y = a.y + b.y;
    return r;
}

static long shape_area(const struct shape *s)
{
    switch (s->kind) {
    case SHAPE_CIRCLE:
        return 3L * s->u.circle.radius * s->u.circle.radius;
    case SHAPE_RECT:
        return (long)(s->u.rect.hi.x - s->u.rect.lo.x) * (s->u.rect.hi.y - s->u.rect.lo.y);
    }
    return -1;
}

static struct series *series_new(int len)
{
    struct series *s = malloc(sizeof(struct series) + (size_t)len * sizeof(int));
    s->len = len;
    s->total = 0.0;
    for (int i = 0; i < len; i++) {
        s->values[i] = (i * 37) % 11;
        s->total += s->values[i];
    }
    return s;
}

static struct node *push(struct node *head, int v)
{
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = head;
    return n;
}

int main(void)
{
    struct point a = {1, 2}, b = {10, 20};
    struct point c = point_add(a, b);
    printf("c = (%d, %d)\n", c.x, c.y);

    struct rect r;
    r.lo = a;
    r.hi = c;
    strcpy(r.label, "box");
    struct rect r2 = r; /* struct copy including array member */
    r2.label[0] = 'B';
    r2.hi.x = 100;
    printf("r.label=%s r2.label=%s r.hi.x=%d r2.hi.x=%d\n", r.label, r2.label, r.hi.x, r2.hi.x);

    struct shape shapes[2];
    shapes[0].kind = SHAPE_CIRCLE;
    shapes[0].u.circle.center = a;
    shapes[0].u.circle.radius = 5;
    shapes[1].kind = SHAPE_RECT;
    shapes[1].u.rect = r;
    for (int i = 0; i < 2; i++)
        printf("area[%d] = %ld\n", i, shape_area(&shapes[i]));

    struct shape *sp = &shapes[1];
    sp->u.rect.lo.y += 1;
    printf("rect lo.y after += : %d\n", (*sp).u.rect.lo.y);

    union word w;
    w.u32 = 0x11223344u;
    /* little-endian layout on x86-64 */
    printf("u8[0]=%02x u16[1]=%04x\n", w.u8[0], w.u16[1]);
    printf("sizeof(union word)=%zu sizeof(struct shape)=%zu\n", sizeof(union word),
           sizeof(struct shape));

    struct flags fl = {0};
    fl.ready = 1;
    fl.mode = 5;
    fl.count = 4095;
    fl.count++; /* wraps in 12 bits */
    printf("flags: ready=%u mode=%u count=%u\n", fl.ready, fl.mode, fl.count);

    struct series *s = series_new(9);
    printf("series len=%d total=%.1f last=%d sizeof=%zu\n", s->len, s->total,
           s->values[s->len - 1], sizeof(struct series));
    free(s);

    struct node *head = NULL;
    for (int i = 1; i <= 5; i++)
        head = push(head, i * i);
    int sum = 0;
    for (struct node *n = head; n != NULL; n = n->next)
        sum += n->value;
    printf("list sum = %d, head = %d\n", sum, head->value);
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }

    /* array of structs and pointer arithmetic over them */
    struct point pts[4] = {{0, 0}, {1, 1}, {2, 4}, {3, 9}};
    struct point *pe = pts + 4;
    int ysum = 0;
    for (struct point *pp = pts; pp < pe; pp++)
        ysum += pp->y;
    printf("ysum = %d\n", ysum);

    int ok = c.x == 11 && sum == 55 && ysum == 14 && fl.count == 0;
    printf("%s\n", ok ? "structs_unions: ok" : "structs_unions: FAILED");
    return !ok;
}
