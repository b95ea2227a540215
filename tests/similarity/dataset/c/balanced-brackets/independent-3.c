#include <stdio.h>

const char *pos;

char closing_of(char c)
{
    switch (c) {
    case '(': return ')';
    case '[': return ']';
    case '{': return '}';
    }
    return 0;
}

void skip_string(void)
{
    char q = *pos++;
    while (*pos && *pos != q) {
        if (*pos == '\\' && pos[1])
            pos++;
        pos++;
    }
    if (*pos)
        pos++;
}

/* recursive descent: reads until the expected closer (0 = until end of line) */
int parse(char expected)
{
    while (*pos) {
        char c = *pos;
        if (c == '"' || c == '\'') {
            skip_string();
        } else if (closing_of(c)) {
            pos++;
            if (!parse(closing_of(c)))
                return 0;
        } else if (c == ')' || c == ']' || c == '}') {
            if (c != expected)
                return 0;
            pos++;
            return 1;
        } else {
            pos++;
        }
    }
    return expected == 0;
}

int main(void)
{
    char line[1024];
    while (fgets(line, sizeof(line), stdin)) {
        pos = line;
        puts(parse(0) ? "YES" : "NO");
    }
    return 0;
}
