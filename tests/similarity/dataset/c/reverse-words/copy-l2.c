#include <stdio.h>
#include <string.h>
#define BUF_SIZE 1024
#define MAX_PARTS 256

void chomp(char *s) {
    size_t n = strlen(s);
    if (n > 0 && s[n - 1] == '\n') s[n - 1] = '\0';
}

int tokenize(char *s, char *parts[], int cap) {
    // strtok modifies the line: every word ends up NUL-terminated
    int num = 0;
    char *tok = strtok(s, " \t\r");
    while (tok != NULL && num < cap) {
        parts[num] = tok;
        num++;
        tok = strtok(NULL, " \t\r");
    }
    return num;
}

void emit_backwards(char *parts[], int num) {
    for (int j = num - 1; j >= 0; j--) {
        printf("%s", parts[j]);
        if (j > 0) printf(" ");
    }
    printf("\n");
}

int main(void) {
    char buf[BUF_SIZE];
    char *parts[MAX_PARTS];
    // process the input one line at a time
    while (fgets(buf, sizeof(buf), stdin) != NULL) {
        chomp(buf);
        int num = tokenize(buf, parts, MAX_PARTS);
        emit_backwards(parts, num);
    }
    return 0;
}
