/* Recursion: a self-recursive function, a mutually recursive pair, a plain helper. */
static int square(int x) { return x * x; }
int odd(unsigned n);
int even(unsigned n) { return n == 0 ? 1 : odd(n - 1); }
int odd(unsigned n) { return n == 0 ? 0 : even(n - 1); }
long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int main(void)
{
    return (int)fact(5) + even(10) + square(3);
}
