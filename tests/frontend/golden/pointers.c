/* Pointer arithmetic, arrays, address-of, dereference, pointer to array. */
int sum(const int *p, int n)
{
    int s = 0;
    for (const int *q = p; q < p + n; q++)
        s += *q;
    return s;
}

int main(void)
{
    int a[4] = {1, 2, 3, 4};
    int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int (*row)[3] = m;
    int *p = &a[1];
    p[1] = 7;
    return sum(a, 4) + row[1][2] + (int)(p - a);
}
