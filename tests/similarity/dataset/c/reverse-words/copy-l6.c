#include <string.h>
#include <stdio.h>
#define MAX_PARTS (BUF_SIZE / 4)
#define BUF_SIZE (1 << 10)

static const char DELIMS[] = " \t\r";

void emit_backwards(char *parts[], const long num);
void handle_line(char *buf);
long tokenize(char *s, char *parts[], const long cap);

int main(void) {
    int lines = 0;
    char buf[BUF_SIZE];
    // process the input one line at a time
    while (fgets(buf, sizeof(buf), stdin)) {
        handle_line(buf);
    }
    return 0;
}

void emit_backwards(char *parts[], const long num) {
    long j = num - 1;
    while (j >= 0) {
        if (j != num - 1) printf(" ");
        printf("%s", parts[j]);
        j -= 1;
    }
    printf("\n");
}

long tokenize(char *s, char *parts[], const long cap) {
    // strtok modifies the line: every word ends up NUL-terminated
    long num = 0;
    char *tok;
    for (tok = strtok(s, DELIMS); tok != NULL; tok = strtok(NULL, DELIMS)) {
        if (num >= cap) break;
        parts[num] = tok;
        num += 1;
    }
    return num;
}

void handle_line(char *buf) {
    char *parts[MAX_PARTS];
    const size_t n = strlen(buf);
    if (!(n == 0 || '\n' != buf[n - 1])) buf[n - 1] = 0;
    emit_backwards(parts, tokenize(buf, parts, MAX_PARTS));
}
