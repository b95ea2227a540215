#include <stdio.h>
#include <ctype.h>

#define N 1024

/* reads one line without the '\n'; returns its length or -1 at end of input */
int read_line(char *buf, int max)
{
    int c, len = 0;
    while ((c = getchar()) != EOF && c != '\n') {
        if (len < max - 1)
            buf[len++] = (char)c;
    }
    buf[len] = '\0';
    if (c == EOF && len == 0)
        return -1;
    return len;
}

void print_word(const char *s, int from, int to)
{
    for (int k = from; k < to; k++)
        putchar(s[k]);
}

/* walk the line from the right end and print every word found */
void reverse_words(const char *s, int len)
{
    int end = len, first = 1;
    while (end > 0) {
        while (end > 0 && isspace((unsigned char)s[end - 1]))
            end--;
        int start = end;
        while (start > 0 && !isspace((unsigned char)s[start - 1]))
            start--;
        if (start < end) {
            if (!first)
                putchar(' ');
            print_word(s, start, end);
            first = 0;
        }
        end = start;
    }
    putchar('\n');
}

int main(void)
{
    char line[N];
    int len;
    while ((len = read_line(line, N)) >= 0)
        reverse_words(line, len);
    return 0;
}
