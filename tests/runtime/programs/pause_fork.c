/* omp_pause_resource between regions stops the workers; the next region,
 * also in a child process after fork, starts them again with the ICVs the
 * program set.  Inside a region it fails. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
#include <omp.h>
int main(void){
  int n = 0;
  #pragma omp parallel reduction(+:n)
  n++;
  printf("before %d %d\n", n > 0, omp_pause_resource(omp_pause_hard, omp_get_initial_device()));
  omp_set_num_threads(3);
  fflush(stdout);
  pid_t p=fork();
  if(!p){
    int m = 0;
    #pragma omp parallel reduction(+:m)
    m++;
    printf("child %d\n", m); fflush(stdout); exit(0); }
  int s; waitpid(p,&s,0);
  int k = 0;
  #pragma omp parallel reduction(+:k)
  k++;
  printf("parent %d %d\n", k, WEXITSTATUS(s));
  int r;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  r = omp_pause_resource(omp_pause_soft, omp_get_initial_device());
  printf("in region %d\n", r != 0);
  return 0; }
