#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 512

/* returns the opening bracket that belongs to a closing one */
char matching(char close)
{
    if (close == ')') return '(';
    if (close == ']') return '[';
    return '{';
}

/* skips a quoted part starting at line[pos]; returns the index of the closing quote */
int skip_quoted(const char *line, int pos)
{
    char quote = line[pos];
    int i = pos + 1;
    while (line[i] != '\0' && line[i] != quote) {
        if (line[i] == '\\' && line[i + 1] != '\0') {
            i++;
        }
        i++;
    }
    return i;
}

int is_balanced(const char *line)
{
    char stack[MAX_DEPTH];
    int top = 0;
    for (int i = 0; line[i] != '\0'; i++) {
        char c = line[i];
        if (c == '"' || c == '\'') {
            i = skip_quoted(line, i);
            if (line[i] == '\0') break;
        } else if (c == '(' || c == '[' || c == '{') {
            if (top == MAX_DEPTH) return 0;
            stack[top++] = c;
        } else if (c == ')' || c == ']' || c == '}') {
            if (top == 0 || stack[top - 1] != matching(c)) return 0;
            top--;
        }
    }
    return top == 0;
}

int main(void)
{
    char line[1024];
    while (fgets(line, sizeof(line), stdin) != NULL) {
        printf("%s\n", is_balanced(line) ? "YES" : "NO");
    }
    return 0;
}
