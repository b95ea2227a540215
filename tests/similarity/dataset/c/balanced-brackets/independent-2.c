#include <stdio.h>
#include <string.h>

/* keep only the bracket characters, drop everything between quotes */
void filter(const char *in, char *out)
{
    char q = 0;
    int k = 0;
    for (int i = 0; in[i]; i++) {
        char c = in[i];
        if (q) {
            if (c == '\\' && in[i + 1])
                i++;
            else if (c == q)
                q = 0;
        } else if (c == '"' || c == '\'') {
            q = c;
        } else if (strchr("()[]{}", c)) {
            out[k++] = c;
        }
    }
    out[k] = '\0';
}

/* remove neighbouring pairs like () [] {} until nothing changes */
int reduce(char *s)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        int len = strlen(s);
        for (int i = 0; i + 1 < len; i++) {
            if ((s[i] == '(' && s[i + 1] == ')') ||
                (s[i] == '[' && s[i + 1] == ']') ||
                (s[i] == '{' && s[i + 1] == '}')) {
                memmove(s + i, s + i + 2, len - i - 1);
                changed = 1;
                break;
            }
        }
    }
    return strlen(s) == 0;
}

int main(void)
{
    char line[1024], only[1024];
    while (fgets(line, sizeof line, stdin)) {
        filter(line, only);
        printf("%s\n", reduce(only) ? "YES" : "NO");
    }
    return 0;
}
