#include <stdio.h>

#define MAX_N 1000

/* Reads up to n integers from stdin into numbers[].
   Returns how many were actually read. */
int read_numbers(int numbers[], int n)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (scanf("%d", &numbers[i]) != 1) {
            break;
        }
        count++;
    }
    return count;
}

int is_even(int value)
{
    return value % 2 == 0;
}

// adds up the even elements of the array
int sum_even(int numbers[], int count)
{
    int sum = 0;
    for (int i = 0; i < count; i++) {
        if (is_even(numbers[i])) {
            sum = sum + numbers[i];
        }
    }
    return sum;
}

int main(void)
{
    int n;
    int numbers[MAX_N];

    if (scanf("%d", &n) != 1 || n < 0 || n > MAX_N) {
        fprintf(stderr, "usage: n a1 ... an // n <= %d /* no more */\n", MAX_N);
        return 1;
    }
    int count = read_numbers(numbers, n);
    int evens = 0;
    for (int i = 0; i < count; i++) {
        if (is_even(numbers[i]))
            evens++;
    }
    printf("Even count: %d\n", evens);
    printf("Even sum: %d\n", sum_even(numbers, count));
    return 0;
}
