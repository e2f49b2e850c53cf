/* Task dependences: every depend kind, array sections, depend objects,
 * taskwait depend and undeferred tasks with dependences.  Each check makes
 * the early task slow, so a dependence that is not honoured shows. */
#include <omp.h>
#include <stdio.h>

static void spin(int n) {
    for (volatile int k = 0; k < n; k++)
        ;
}

/* in/out chain along an array: a[i] = f(a[i-1]). */
static long chain(int n) {
    long a[64];
    a[0] = 7;
    for (int i = 1; i <= n; i++) {
        #pragma omp task depend(in: a[i - 1]) depend(out: a[i]) shared(a)
        {
            spin(2000 * ((n - i) % 5));
            a[i] = (a[i - 1] * 131 + i) % 1000003;
        }
    }
    #pragma omp taskwait
    return a[n];
}

/* Readers of one value all run after its writer and before the next one. */
static int readers(void) {
    int x = 1, seen[8] = {0}, bad = 0;
    #pragma omp task depend(out: x) shared(x)
    {
        spin(200000);
        x = 2;
    }
    for (int r = 0; r < 8; r++) {
        #pragma omp task depend(in: x) shared(x, seen) firstprivate(r)
        {
            spin(1000 * r);
            seen[r] = x;
        }
    }
    #pragma omp task depend(inout: x) shared(x)
    x = 3;
    #pragma omp taskwait
    for (int r = 0; r < 8; r++)
        bad += seen[r] != 2;
    return bad * 100 + x;
}

/* mutexinoutset: never two at once, and a reader after them sees them all. */
static int sets(void) {
    int inside = 0, overlap = 0, total = 0, last = -1;
    for (int i = 0; i < 6; i++) {
        #pragma omp task depend(mutexinoutset: total) shared(inside, overlap, total) firstprivate(i)
        {
            int was;
            #pragma omp atomic capture
            was = inside++;
            if (was)
                overlap = 1;
            spin(20000);
            total += i;
            #pragma omp atomic
            inside--;
        }
    }
    #pragma omp task depend(in: total) shared(total, last)
    last = total;
    #pragma omp taskwait
    return overlap * 1000 + total * 10 + last;
}

/* Array sections: the section start names the storage. */
static int sections(void) {
    int buf[16] = {0}, sum = 0;
    int *p = buf + 8;
    #pragma omp task depend(out: buf[0:8]) shared(buf)
    {
        spin(100000);
        for (int i = 0; i < 8; i++)
            buf[i] = i;
    }
    #pragma omp task depend(out: p[0:8]) firstprivate(p)
    {
        spin(50000);
        for (int i = 0; i < 8; i++)
            p[i] = 8 + i;
    }
    #pragma omp task depend(in: buf[:8], buf[8:]) shared(buf, sum)
    for (int i = 0; i < 16; i++)
        sum += buf[i];
    #pragma omp taskwait
    return sum;
}

/* Depend objects, taskwait depend and an undeferred task with dependences. */
static int objects(void) {
    int v = 0, w = 0, got = -1, got2 = -1;
    omp_depend_t ov;
    #pragma omp depobj(ov) depend(out: v)
    #pragma omp task depend(depobj: ov) shared(v)
    {
        spin(100000);
        v = 5;
    }
    #pragma omp depobj(ov) update(in)
    #pragma omp task depend(depobj: ov) shared(v, got)
    got = v;
    #pragma omp depobj(ov) destroy
    #pragma omp task depend(out: w) shared(w)
    {
        spin(100000);
        w = 9;
    }
    #pragma omp taskwait depend(in: w)
    int now = w;
    #pragma omp task depend(inout: v) shared(v)
    {
        spin(50000);
        v += 1;
    }
    #pragma omp task if(0) depend(in: v) shared(v, got2)
    got2 = v;
    #pragma omp taskwait
    return got * 1000 + now * 100 + got2;
}

/* Dependences order siblings only: each task's children have their own. */
static long tree(int depth) {
    if (depth == 0)
        return 1;
    long l = 0, r = 0, sum = 0;
    #pragma omp task depend(out: l) shared(l) firstprivate(depth)
    l = tree(depth - 1);
    #pragma omp task depend(out: r) shared(r) firstprivate(depth)
    r = tree(depth - 1);
    #pragma omp task depend(in: l, r) shared(l, r, sum)
    sum = l + r + 1;
    #pragma omp taskwait
    return sum;
}

int main(void) {
    long c = 0, t = 0;
    int rd = 0, st = 0, sc = 0, ob = 0;
    #pragma omp parallel
    #pragma omp single
    {
        c = chain(60);
        rd = readers();
        st = sets();
        sc = sections();
        ob = objects();
        t = tree(8);
    }
    printf("chain %ld\nreaders %d\nsets %d\nsections %d\nobjects %d\ntree %ld\n", c, rd, st,
           sc, ob, t);
    return 0;
}
