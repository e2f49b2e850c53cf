/* Loops, switch with fall-through, break/continue, goto. */
int classify(int v)
{
    switch (v % 4) {
    case 0:
        return 10;
    case 1:
        v++;
    case 2:
        return v;
    default:
        break;
    }
    return -1;
}

int main(void)
{
    int total = 0, i = 0;
    do {
        total += classify(i);
    } while (++i < 8);
    while (total > 100) {
        total -= 7;
        if (total % 2)
            continue;
    }
    for (int k = 0;; k++) {
        if (k == 3)
            goto done;
    }
done:
    return total;
}
