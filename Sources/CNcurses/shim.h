// ncursesw for the terminal UI. Its attributes, COLOR_PAIR and the stdscr/LINES/COLS globals are
// macros or mutable globals that Swift cannot use directly: the inline helpers below wrap them.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// Starts curses on standard input and output; -1 when the terminal type is unknown (where
/// initscr would exit the process) or cannot move the cursor (`TERM=dumb`, as Emacs' shell
/// and some editors' consoles set it: a full screen cannot be drawn there).
static inline int cl_start(void) {
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (!screen) return -1;
    set_term(screen);
    char *move = tigetstr("cup");
    if (move == NULL || move == (char *)-1) {
        endwin();
        delscreen(screen);
        return -1;
    }
    return 0;
}

static inline int cl_lines(void) { return LINES; }
static inline int cl_cols(void) { return COLS; }
static inline WINDOW *cl_stdscr(void) { return stdscr; }
static inline int cl_attr_bold(void) { return (int)A_BOLD; }
static inline int cl_attr_dim(void) { return (int)A_DIM; }
static inline int cl_attr_reverse(void) { return (int)A_REVERSE; }
static inline int cl_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int cl_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int cl_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cl_err(void) { return ERR; }

/// Reads one key without waiting: a character (returns 0), a function key (returns 1) or
/// nothing (returns -1). `value` receives the character or the KEY_ code.
static inline int cl_read_key(unsigned int *value) {
    wint_t ch = 0;
    int result = wget_wch(stdscr, &ch);
    *value = (unsigned int)ch;
    if (result == KEY_CODE_YES) return 1;
    if (result == ERR) return -1;
    return 0;
}

/// Writes `count` wide characters at the cursor with the attributes `attrs`.
static inline void cl_put(int y, int x, const wchar_t *text, int count, int attrs) {
    attrset(attrs);
    mvaddnwstr(y, x, text, count);
    attrset(A_NORMAL);
}

static inline int cl_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// Whether the current locale's character set is UTF-8.
static inline int cl_locale_is_utf8(void) {
    const char *set = nl_langinfo(CODESET);
    return set && (set[0] == 'U' || set[0] == 'u') && (set[1] == 'T' || set[1] == 't') && set[2] && set[3] == '-' && set[4] == '8';
}
#endif
