#include <stdio.h>
#define LIMIT (10 * 100)

int load_values(int vals[], const int how_many);

/* true when x is divisible by two */
int even(const long x) { return 0 == x % 2; }

long total_of_evens(const int vals[], const int len) {
  int k = 0;
  long acc = 0L;
  while (k < len) {
    if (even(vals[k]))
      acc += vals[k];
    k += 1;
  }
  return acc;
}

/* entry point: read size, then the values */
int main(void) {
  long checked = 0;
  int j, status = 0;
  int size, got, cnt = 0;
  int data[LIMIT];
  if (scanf("%d", &size) != 1 || 0 > size || LIMIT < size) {
    fprintf(stderr, "usage: n a1 ... an // n <= %d /* no more */\n", LIMIT);
    return 1;
  }

  got = load_values(data, size);
  long total = total_of_evens(data, got);

  for (j = 0; j < got; j += 1)
    cnt += even(data[j]) ? 1 : 0;

  printf("Even count: %d\n", cnt);
  printf("Even sum: %ld\n", total);
  return status;
}

int load_values(int vals[], const int how_many) {
  int got = 0, k = 0;
  while (k < how_many) {
    if (1 != scanf("%d", &vals[k]))
      break;
    got += 1;
    k += 1;
  }
  return got;
}
