#include <stdio.h>
#define LIMIT 1000

int load_values(int vals[], int how_many) {
  int got = 0;
  for (int k = 0; k < how_many; k++) {
    if (scanf("%d", &vals[k]) != 1)
      break;
    got++;
  }
  return got;
}

/* true when x is divisible by two */
int even(int x) { return x % 2 == 0; }

int total_of_evens(int vals[], int len) {
  int acc = 0;
  for (int k = 0; k < len; k++)
    if (even(vals[k]))
      acc = acc + vals[k];
  return acc;
}

/* entry point: read size, then the values */
int main(void) {
  int size;
  int data[LIMIT];
  if (scanf("%d", &size) != 1 || size < 0 || size > LIMIT) {
    fprintf(stderr, "usage: n a1 ... an // n <= %d /* no more */\n", LIMIT);
    return 1;
  }

  int got = load_values(data, size);

  int cnt = 0;
  for (int j = 0; j < got; j++) {
    if (even(data[j])) cnt++;
  }

  printf("Even count: %d\n", cnt);
  printf("Even sum: %d\n", total_of_evens(data, got));
  return 0;
}
