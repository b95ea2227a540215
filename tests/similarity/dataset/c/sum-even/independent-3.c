#include <stdio.h>

#define MAXN 10000

int a[MAXN];

int sum_even_rec(int idx, int n)
{
    if (idx == n)
        return 0;
    int rest = sum_even_rec(idx + 1, n);
    return a[idx] % 2 == 0 ? a[idx] + rest : rest;
}

int count_even_rec(int idx, int n)
{
    if (idx >= n) return 0;
    return (a[idx] % 2 == 0) + count_even_rec(idx + 1, n);
}

int main()
{
    int n, i;
    scanf("%d", &n);
    if (n > MAXN) n = MAXN;
    for (i = 0; i < n; i++)
        scanf("%d", &a[i]);
    printf("Even count: %d\n", count_even_rec(0, n));
    printf("Even sum: %d\n", sum_even_rec(0, n));
    return 0;
}
