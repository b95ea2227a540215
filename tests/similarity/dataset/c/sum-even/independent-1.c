#include <stdio.h>

/* Lab 3, exercise 2: count and sum the even numbers */

int read_int(int *out)
{
    return scanf("%d", out) == 1;
}

void update(int x, int *cnt, long long *total)
{
    if (x % 2 == 0) {
        (*cnt)++;
        *total += x;
    }
}

int main()
{
    int n, x, cnt = 0;
    long long total = 0;

    if (!read_int(&n)) {
        printf("no input\n");
        return 1;
    }
    for (int i = 0; i < n && read_int(&x); i++)
        update(x, &cnt, &total);

    printf("Even count: %d\n", cnt);
    printf("Even sum: %lld\n", total);
    return 0;
}
