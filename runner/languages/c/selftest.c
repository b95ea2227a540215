#include <stdio.h>

int main(void) {
    char word[8] = {0};
    if (scanf("%7s", word) == 1) printf("%s\n", word);
    return 0;
}
