#include <stdio.h>
#include <stdbool.h>

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* prints the words of s in reverse order: the rest of the line goes first (recursion) */
static void print_rev(char *s, bool *printed)
{
    while (*s && is_blank(*s))
        s++;
    if (*s == '\0')
        return;
    char *end = s;
    while (*end && !is_blank(*end))
        end++;
    char saved = *end;
    *end = '\0';
    if (saved != '\0')
        print_rev(end + 1, printed);
    if (*printed)
        putchar(' ');
    fputs(s, stdout);
    *printed = true;
    *end = saved;
}

int main(void)
{
    char buffer[2048];
    while (fgets(buffer, sizeof buffer, stdin) != NULL) {
        bool printed = false;
        print_rev(buffer, &printed);
        putchar('\n');
    }
    return 0;
}
