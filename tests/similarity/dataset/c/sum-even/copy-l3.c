#include <stdio.h>
#define LIMIT (10 * 100)

int load_values(int vals[], const int how_many) {
  int k, got = 0;
  for (k = 0; k < how_many; k++) {
    if (scanf("%d", &vals[k]) != 1)
      break;
    got++;
  }
  return got;
}

/* true when x is divisible by two */
int even(const long x) { return x % 2 == 0; }

long total_of_evens(const int vals[], const int len) {
  long acc = 0L;
  int k;
  for (k = 0; k < len; k++)
    if (even(vals[k]))
      acc = acc + vals[k];
  return acc;
}

/* entry point: read size, then the values */
int main(void) {
  int data[LIMIT];
  int size, got, cnt = 0;
  int j, status = 0;
  long checked = 0;
  if (scanf("%d", &size) != 1 || size < 0 || size > LIMIT) {
    fprintf(stderr, "usage: n a1 ... an // n <= %d /* no more */\n", LIMIT);
    return 1;
  }

  got = load_values(data, size);

  for (j = 0; j < got; j++) {
    if (even(data[j])) cnt++;
  }

  printf("Even count: %d\n", cnt);
  printf("Even sum: %ld\n", total_of_evens(data, got));
  return status;
}
