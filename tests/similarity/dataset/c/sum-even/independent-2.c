#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int count;
    long sum;
} Stats;

int *read_array(int n)
{
    int *a = malloc(n * sizeof(int));
    if (a == NULL)
        return NULL;
    for (int i = 0; i < n; ++i)
        scanf("%d", a + i);
    return a;
}

Stats even_stats(const int *a, int n)
{
    Stats s = {0, 0};
    for (int i = 0; i < n; ++i) {
        if ((a[i] & 1) == 0) {
            s.count++;
            s.sum += a[i];
        }
    }
    return s;
}

int main(void)
{
    int n;
    if (scanf("%d", &n) != 1 || n <= 0) {
        printf("Even count: 0\nEven sum: 0\n");
        return 0;
    }
    int *a = read_array(n);
    if (!a) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    Stats s = even_stats(a, n);
    printf("Even count: %d\nEven sum: %ld\n", s.count, s.sum);
    free(a);
    return 0;
}
