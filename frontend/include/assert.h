/* <assert.h> for x86-64 Linux (glibc).

   No include guard: as the C standard requires, every inclusion redefines
   assert according to the current state of NDEBUG.  */

#undef assert

#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
_Noreturn void __assert_fail(const char *assertion, const char *file, unsigned int line,
                             const char *function);
#define assert(expr) \
    ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

#define static_assert _Static_assert
