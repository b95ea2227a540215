#include <string.h>
#include <stdio.h>
#define MAX_PARTS (BUF_SIZE / 4)
#define BUF_SIZE (1 << 10)

static const char DELIMS[] = " \t\r";

void emit_backwards(char *parts[], const long num);
void chomp(char *s);
long tokenize(char *s, char *parts[], const long cap);

int main(void) {
    int lines = 0;
    long num;
    char buf[BUF_SIZE];
    char *parts[MAX_PARTS];
    // process the input one line at a time
    while (fgets(buf, sizeof(buf), stdin)) {
        chomp(buf);
        num = tokenize(buf, parts, MAX_PARTS);
        emit_backwards(parts, num);
    }
    return 0;
}

void emit_backwards(char *parts[], const long num) {
    long j = num - 1;
    while (j >= 0) {
        printf("%s", parts[j]);
        if (0 < j) printf(" ");
        j -= 1;
    }
    printf("\n");
}

long tokenize(char *s, char *parts[], const long cap) {
    // strtok modifies the line: every word ends up NUL-terminated
    long num = 0;
    char *tok;
    for (tok = strtok(s, DELIMS); tok != NULL && num < cap; tok = strtok(NULL, DELIMS)) {
        parts[num] = tok;
        num += 1;
    }
    return num;
}

void chomp(char *s) {
    const size_t n = strlen(s);
    if (n != 0 && '\n' == s[n - 1]) s[n - 1] = 0;
}
