/* <regex.h> for x86-64 Linux (glibc): POSIX regular expressions, and the
   GNU matcher's own interface under _GNU_SOURCE.  */
#ifndef _REGEX_H
#define _REGEX_H 1

#include <sys/types.h>

/* Register counts and syntax bits, visible in every mode.  */
typedef long s_reg_t;
typedef unsigned long active_reg_t;
typedef unsigned long reg_syntax_t;

#ifdef _GNU_SOURCE
/* The syntax bits: each one switches a feature of the pattern language on
   or off; a set of them makes up one of the RE_SYNTAX_* dialects.  */
#define RE_BACKSLASH_ESCAPE_IN_LISTS ((unsigned long int) 1)
#define RE_BK_PLUS_QM (RE_BACKSLASH_ESCAPE_IN_LISTS << 1)
#define RE_CHAR_CLASSES (RE_BK_PLUS_QM << 1)
#define RE_CONTEXT_INDEP_ANCHORS (RE_CHAR_CLASSES << 1)
#define RE_CONTEXT_INDEP_OPS (RE_CONTEXT_INDEP_ANCHORS << 1)
#define RE_CONTEXT_INVALID_OPS (RE_CONTEXT_INDEP_OPS << 1)
#define RE_DOT_NEWLINE (RE_CONTEXT_INVALID_OPS << 1)
#define RE_DOT_NOT_NULL (RE_DOT_NEWLINE << 1)
#define RE_HAT_LISTS_NOT_NEWLINE (RE_DOT_NOT_NULL << 1)
#define RE_INTERVALS (RE_HAT_LISTS_NOT_NEWLINE << 1)
#define RE_LIMITED_OPS (RE_INTERVALS << 1)
#define RE_NEWLINE_ALT (RE_LIMITED_OPS << 1)
#define RE_NO_BK_BRACES (RE_NEWLINE_ALT << 1)
#define RE_NO_BK_PARENS (RE_NO_BK_BRACES << 1)
#define RE_NO_BK_REFS (RE_NO_BK_PARENS << 1)
#define RE_NO_BK_VBAR (RE_NO_BK_REFS << 1)
#define RE_NO_EMPTY_RANGES (RE_NO_BK_VBAR << 1)
#define RE_UNMATCHED_RIGHT_PAREN_ORD (RE_NO_EMPTY_RANGES << 1)
#define RE_NO_POSIX_BACKTRACKING (RE_UNMATCHED_RIGHT_PAREN_ORD << 1)
#define RE_NO_GNU_OPS (RE_NO_POSIX_BACKTRACKING << 1)
#define RE_DEBUG (RE_NO_GNU_OPS << 1)
#define RE_INVALID_INTERVAL_ORD (RE_DEBUG << 1)
#define RE_ICASE (RE_INVALID_INTERVAL_ORD << 1)
#define RE_CARET_ANCHORS_HERE (RE_ICASE << 1)
#define RE_CONTEXT_INVALID_DUP (RE_CARET_ANCHORS_HERE << 1)
#define RE_NO_SUB (RE_CONTEXT_INVALID_DUP << 1)
#endif

/* The syntax re_compile_pattern uses.  */
extern reg_syntax_t re_syntax_options;

#ifdef _GNU_SOURCE
/* The dialects of the usual tools.  */
#define RE_SYNTAX_EMACS 0
#define RE_SYNTAX_AWK                                                       \
    (RE_BACKSLASH_ESCAPE_IN_LISTS | RE_DOT_NOT_NULL | RE_NO_BK_PARENS |     \
     RE_NO_BK_REFS | RE_NO_BK_VBAR | RE_NO_EMPTY_RANGES | RE_DOT_NEWLINE |  \
     RE_CONTEXT_INDEP_ANCHORS | RE_CHAR_CLASSES |                           \
     RE_UNMATCHED_RIGHT_PAREN_ORD | RE_NO_GNU_OPS)
#define RE_SYNTAX_GNU_AWK                                                   \
    ((RE_SYNTAX_POSIX_EXTENDED | RE_BACKSLASH_ESCAPE_IN_LISTS |             \
      RE_INVALID_INTERVAL_ORD) &                                            \
     ~(RE_DOT_NOT_NULL | RE_CONTEXT_INDEP_OPS | RE_CONTEXT_INVALID_OPS))
#define RE_SYNTAX_POSIX_AWK                                                 \
    (RE_SYNTAX_POSIX_EXTENDED | RE_BACKSLASH_ESCAPE_IN_LISTS | RE_INTERVALS | \
     RE_NO_GNU_OPS | RE_INVALID_INTERVAL_ORD)
#define RE_SYNTAX_GREP                                                      \
    ((RE_SYNTAX_POSIX_BASIC | RE_NEWLINE_ALT) &                             \
     ~(RE_CONTEXT_INVALID_DUP | RE_DOT_NOT_NULL))
#define RE_SYNTAX_EGREP                                                     \
    ((RE_SYNTAX_POSIX_EXTENDED | RE_INVALID_INTERVAL_ORD | RE_NEWLINE_ALT) & \
     ~(RE_CONTEXT_INVALID_OPS | RE_DOT_NOT_NULL))
#define RE_SYNTAX_POSIX_EGREP RE_SYNTAX_EGREP
#define RE_SYNTAX_ED RE_SYNTAX_POSIX_BASIC
#define RE_SYNTAX_SED RE_SYNTAX_POSIX_BASIC
#define _RE_SYNTAX_POSIX_COMMON                                             \
    (RE_CHAR_CLASSES | RE_DOT_NEWLINE | RE_DOT_NOT_NULL | RE_INTERVALS |    \
     RE_NO_EMPTY_RANGES)
#define RE_SYNTAX_POSIX_BASIC                                               \
    (_RE_SYNTAX_POSIX_COMMON | RE_BK_PLUS_QM | RE_CONTEXT_INVALID_DUP)
#define RE_SYNTAX_POSIX_MINIMAL_BASIC (_RE_SYNTAX_POSIX_COMMON | RE_LIMITED_OPS)
#define RE_SYNTAX_POSIX_EXTENDED                                            \
    (_RE_SYNTAX_POSIX_COMMON | RE_CONTEXT_INDEP_ANCHORS |                   \
     RE_CONTEXT_INDEP_OPS | RE_NO_BK_BRACES | RE_NO_BK_PARENS |             \
     RE_NO_BK_VBAR | RE_CONTEXT_INVALID_OPS | RE_UNMATCHED_RIGHT_PAREN_ORD)
#define RE_SYNTAX_POSIX_MINIMAL_EXTENDED                                    \
    (_RE_SYNTAX_POSIX_COMMON | RE_CONTEXT_INDEP_ANCHORS |                   \
     RE_CONTEXT_INVALID_OPS | RE_NO_BK_BRACES | RE_NO_BK_PARENS |           \
     RE_NO_BK_REFS | RE_NO_BK_VBAR | RE_UNMATCHED_RIGHT_PAREN_ORD)

/* The largest repeat count of an interval (as <limits.h> has it too).  */
#undef RE_DUP_MAX
#define RE_DUP_MAX (0x7fff)
#endif

/* The flags of regcomp.  */
#define REG_EXTENDED 1
#define REG_ICASE (1 << 1)
#define REG_NEWLINE (1 << 2)
#define REG_NOSUB (1 << 3)

/* The flags of regexec.  */
#define REG_NOTBOL 1
#define REG_NOTEOL (1 << 1)
#define REG_STARTEND (1 << 2)

/* What regcomp and regexec return.  */
typedef enum {
    _REG_ENOSYS = -1,
    _REG_NOERROR = 0,
    _REG_NOMATCH,
    _REG_BADPAT,
    _REG_ECOLLATE,
    _REG_ECTYPE,
    _REG_EESCAPE,
    _REG_ESUBREG,
    _REG_EBRACK,
    _REG_EPAREN,
    _REG_EBRACE,
    _REG_BADBR,
    _REG_ERANGE,
    _REG_ESPACE,
    _REG_BADRPT,
    _REG_EEND,
    _REG_ESIZE,
    _REG_ERPAREN
} reg_errcode_t;
#define REG_ENOSYS _REG_ENOSYS
#define REG_NOERROR _REG_NOERROR
#define REG_NOMATCH _REG_NOMATCH
#define REG_BADPAT _REG_BADPAT
#define REG_ECOLLATE _REG_ECOLLATE
#define REG_ECTYPE _REG_ECTYPE
#define REG_EESCAPE _REG_EESCAPE
#define REG_ESUBREG _REG_ESUBREG
#define REG_EBRACK _REG_EBRACK
#define REG_EPAREN _REG_EPAREN
#define REG_EBRACE _REG_EBRACE
#define REG_BADBR _REG_BADBR
#define REG_ERANGE _REG_ERANGE
#define REG_ESPACE _REG_ESPACE
#define REG_BADRPT _REG_BADRPT
#define REG_EEND _REG_EEND
#define REG_ESIZE _REG_ESIZE
#define REG_ERPAREN _REG_ERPAREN

/* A compiled pattern.  Only re_nsub is public in POSIX; the GNU interface
   also uses the other members, under their names without the leading
   underscores.  */
#ifdef _GNU_SOURCE
#define RE_TRANSLATE_TYPE __RE_TRANSLATE_TYPE
#define __inspire_repb(name) name
#else
#define __inspire_repb(name) __##name
#endif
#define __RE_TRANSLATE_TYPE unsigned char *
struct re_pattern_buffer {
    struct re_dfa_t *__inspire_repb(buffer);
    unsigned long __inspire_repb(allocated);
    unsigned long __inspire_repb(used);
    unsigned long __inspire_repb(syntax);
    char *__inspire_repb(fastmap);
    unsigned char *__inspire_repb(translate);
    size_t re_nsub;
    unsigned __inspire_repb(can_be_null) : 1;
    unsigned __inspire_repb(regs_allocated) : 2;
    unsigned __inspire_repb(fastmap_accurate) : 1;
    unsigned __inspire_repb(no_sub) : 1;
    unsigned __inspire_repb(not_bol) : 1;
    unsigned __inspire_repb(not_eol) : 1;
    unsigned __inspire_repb(newline_anchor) : 1;
};
#undef __inspire_repb
typedef struct re_pattern_buffer regex_t;

/* An offset into the string matched.  */
typedef int regoff_t;

#ifdef _GNU_SOURCE
/* The values of regs_allocated.  */
#define REGS_UNALLOCATED 0
#define REGS_REALLOCATE 1
#define REGS_FIXED 2

/* Where the groups of a match of re_search and re_match start and end.  */
struct re_registers {
    unsigned int num_regs;
    regoff_t *start;
    regoff_t *end;
};
#define RE_NREGS 30
#endif

/* Where one group of a match of regexec starts and ends.  */
typedef struct {
    regoff_t rm_so;
    regoff_t rm_eo;
} regmatch_t;

#ifdef _GNU_SOURCE
reg_syntax_t re_set_syntax(reg_syntax_t syntax);
const char *re_compile_pattern(const char *pattern, size_t length,
                               struct re_pattern_buffer *buffer);
int re_compile_fastmap(struct re_pattern_buffer *buffer);
regoff_t re_search(struct re_pattern_buffer *buffer, const char *string, regoff_t length,
                   regoff_t start, regoff_t range, struct re_registers *regs);
regoff_t re_search_2(struct re_pattern_buffer *buffer, const char *string1,
                     regoff_t length1, const char *string2, regoff_t length2,
                     regoff_t start, regoff_t range, struct re_registers *regs,
                     regoff_t stop);
regoff_t re_match(struct re_pattern_buffer *buffer, const char *string, regoff_t length,
                  regoff_t start, struct re_registers *regs);
regoff_t re_match_2(struct re_pattern_buffer *buffer, const char *string1,
                    regoff_t length1, const char *string2, regoff_t length2,
                    regoff_t start, struct re_registers *regs, regoff_t stop);
void re_set_registers(struct re_pattern_buffer *buffer, struct re_registers *regs,
                      unsigned int num_regs, regoff_t *starts, regoff_t *ends);
#endif

int regcomp(regex_t *restrict preg, const char *restrict pattern, int cflags);
int regexec(const regex_t *restrict preg, const char *restrict string, size_t nmatch,
            regmatch_t pmatch[restrict], int eflags);
size_t regerror(int errcode, const regex_t *restrict preg, char *restrict errbuf,
                size_t errbuf_size);
void regfree(regex_t *preg);

#endif /* _REGEX_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
