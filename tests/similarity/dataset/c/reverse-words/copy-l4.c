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
    while (fgets(buf, sizeof(buf), stdin) != NULL) {
        chomp(buf);
        num = tokenize(buf, parts, MAX_PARTS);
        emit_backwards(parts, num);
    }
    return 0;
}

void emit_backwards(char *parts[], const long num) {
    long j;
    for (j = num - 1; j >= 0; j--) {
        printf("%s", parts[j]);
        if (j > 0) printf(" ");
    }
    printf("\n");
}

long tokenize(char *s, char *parts[], const long cap) {
    // strtok modifies the line: every word ends up NUL-terminated
    long num = 0;
    char *tok;
    tok = strtok(s, DELIMS);
    while (tok != NULL && num < cap) {
        parts[num] = tok;
        tok = strtok(NULL, DELIMS);
        num++;
    }
    return num;
}

void chomp(char *s) {
    const size_t n = strlen(s);
    if (n > 0 && s[n - 1] == '\n') s[n - 1] = 0;
}
