/* File-scope asm statements and asm labels of declarations, passed to the
   emitted C verbatim: symbols defined in assembly (an int in .data, a
   string in .rodata, a function) and declared in C, and functions and
   variables whose assembler names the labels choose (the assembly refers
   to them by those names).  x86-64 assembly, the same values in C
   elsewhere. */
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
asm(".pushsection .data\n.globl asm_answer\n.p2align 2\nasm_answer: .long 42\n.popsection");
__asm__(".pushsection .rodata\n"
        ".globl asm_greeting\n"
        "asm_greeting: .asciz \"hello from asm\"\n"
        ".popsection");
/* int asm_add(int, int), written in assembly. */
asm(".text\n"
    ".globl asm_add\n"
    ".type asm_add, @function\n"
    "asm_add:\n\t"
    "leal (%rdi,%rsi), %eax\n\t"
    "ret\n"
    ".size asm_add, .-asm_add");
extern int asm_answer;
extern const char asm_greeting[];
int asm_add(int a, int b);
#define ANSWER asm_answer
#else
static const char asm_greeting[] = "hello from asm";
static int asm_add(int a, int b) { return a + b; }
#define ANSWER 42
#endif

/* A variable and a function known to the assembler by other names. */
int counter asm("renamed_counter") = 5;
int twice(int v) __asm__("renamed_twice");
int twice(int v) { return 2 * v; }
int first asm("first_sym"), second asm("second_sym") = 7;
/* The same object, declared under another C name with the same label. */
extern int alias asm("renamed_counter");

#if defined(__x86_64__)
/* int call_twice(int): calls the function by its assembler name. */
asm(".text\n"
    ".globl call_twice\n"
    ".type call_twice, @function\n"
    "call_twice:\n\t"
    "subq $8, %rsp\n\t"
    "call renamed_twice\n\t"
    "addq $8, %rsp\n\t"
    "ret\n"
    ".size call_twice, .-call_twice");
int call_twice(int v);
#else
static int call_twice(int v) { return twice(v); }
#endif

int main(void)
{
    alias += 10;
    printf("answer %d greeting %s (%zu)\n", ANSWER, asm_greeting, strlen(asm_greeting));
    printf("add %d twice %d call_twice %d\n", asm_add(40, 2), twice(21), call_twice(8));
    printf("counter %d alias %d first %d second %d\n", counter, alias, first, second);
    return 0;
}
