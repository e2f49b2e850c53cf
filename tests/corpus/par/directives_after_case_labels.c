/* OpenMP directives among the statements after a case or default label of a
 * switch: the label's statement may be a construct, and a directive later
 * in the label's statements heads the statement after it (a taskwait there
 * stands alone), as in any block. */
#include <stdio.h>
int main(void)
{
    int x = 0, sel;
    for (sel = 0; sel < 3; sel++) {
#pragma omp parallel num_threads(2) shared(x)
#pragma omp single
switch (sel) {
case 0:
  x += 1;
#pragma omp task shared(x)
  x += 10;
#pragma omp taskwait
  break;
case 1: {
#pragma omp task shared(x)
  x += 100;
  }
  break;
default:
  x += 1000;
#pragma omp task shared(x)
  x += 10000;
}
}
    printf("%d\n", x);
    return 0;
}
