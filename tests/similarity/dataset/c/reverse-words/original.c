#include <stdio.h>
#include <string.h>

#define MAX_LINE 1024
#define MAX_WORDS 256

/* remove the trailing newline left by fgets */
void strip_newline(char *line)
{
    size_t len = strlen(line);
    if (len > 0 && line[len - 1] == '\n') {
        line[len - 1] = '\0';
    }
}

/* split line in place, store pointers to the words */
int split_words(char *line, char *words[], int max_words)
{
    int count = 0;
    char *token = strtok(line, " \t\r");
    while (token != NULL && count < max_words) {
        words[count] = token;
        count++;
        token = strtok(NULL, " \t\r");
    }
    return count;
}

void print_reversed(char *words[], int count)
{
    for (int i = count - 1; i >= 0; i--) {
        printf("%s", words[i]);
        if (i > 0) {
            printf(" ");
        }
    }
    printf("\n");
}

int main(void)
{
    char line[MAX_LINE];
    char *words[MAX_WORDS];

    while (fgets(line, sizeof(line), stdin) != NULL) {
        strip_newline(line);
        int count = split_words(line, words, MAX_WORDS);
        print_reversed(words, count);
    }
    return 0;
}
