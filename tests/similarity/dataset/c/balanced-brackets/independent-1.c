#include <stdio.h>

#define LEN 1100

char stack[LEN];
int sp;

void push(char c)
{
    stack[sp++] = c;
}

int pop_matches(char open)
{
    if (sp == 0)
        return 0;
    return stack[--sp] == open;
}

int check_line(const char *s)
{
    char quote = 0;   /* the quote we are inside of, 0 if none */
    sp = 0;
    for (; *s; s++) {
        if (quote) {
            if (*s == '\\' && s[1])
                s++;
            else if (*s == quote)
                quote = 0;
            continue;
        }
        switch (*s) {
        case '\'':
        case '"':
            quote = *s;
            break;
        case '(': case '[': case '{':
            push(*s);
            break;
        case ')':
            if (!pop_matches('(')) return 0;
            break;
        case ']':
            if (!pop_matches('[')) return 0;
            break;
        case '}':
            if (!pop_matches('{')) return 0;
            break;
        }
    }
    return sp == 0;
}

int main()
{
    char buf[LEN];
    while (fgets(buf, LEN, stdin))
        puts(check_line(buf) ? "YES" : "NO");
    return 0;
}
