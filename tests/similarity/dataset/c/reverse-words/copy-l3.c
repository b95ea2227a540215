#include <stdio.h>
#include <string.h>
#define BUF_SIZE (1 << 10)
#define MAX_PARTS (BUF_SIZE / 4)

static const char DELIMS[] = " \t\r";

void chomp(char *s) {
    const size_t n = strlen(s);
    if (n > 0 && s[n - 1] == '\n') s[n - 1] = 0;
}

long tokenize(char *s, char *parts[], const long cap) {
    // strtok modifies the line: every word ends up NUL-terminated
    char *tok;
    long num = 0;
    tok = strtok(s, DELIMS);
    while (tok != NULL && num < cap) {
        parts[num] = tok;
        num++;
        tok = strtok(NULL, DELIMS);
    }
    return num;
}

void emit_backwards(char *parts[], const long num) {
    long j;
    for (j = num - 1; j >= 0; j--) {
        printf("%s", parts[j]);
        if (j > 0) printf(" ");
    }
    printf("\n");
}

int main(void) {
    char *parts[MAX_PARTS];
    char buf[BUF_SIZE];
    long num;
    int lines = 0;
    // process the input one line at a time
    while (fgets(buf, sizeof(buf), stdin) != NULL) {
        chomp(buf);
        num = tokenize(buf, parts, MAX_PARTS);
        emit_backwards(parts, num);
    }
    return 0;
}
