#include <stdio.h>
#include <string.h>

char words[200][64];

int collect(const char *line)
{
    int n = 0, used;
    char w[64];
    while (n < 200 && sscanf(line, "%63s%n", w, &used) == 1) {
        strcpy(words[n++], w);
        line += used;
    }
    return n;
}

void output(int n)
{
    int i;
    for (i = n - 1; i >= 0; i--)
        printf(i == n - 1 ? "%s" : " %s", words[i]);
    printf("\n");
}

int main()
{
    char line[1000];
    while (fgets(line, 1000, stdin))
        output(collect(line));
    return 0;
}
