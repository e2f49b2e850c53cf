/* Usual arithmetic conversions, promotions, shifts and compound assignment. */
int main(void)
{
    char c = 'a';
    unsigned u = 3u;
    long l = -2;
    double d = 1.5;
    int r = c + u;
    l += u * 2;
    d *= c;
    r <<= 2;
    unsigned char small = 200;
    small += 100;
    return (int)(r + l + d + small) & 1;
}
