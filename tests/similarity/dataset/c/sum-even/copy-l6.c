#include <stdio.h>
#define LIMIT (10 * 100)

int load_values(int vals[], const int how_many);

/* true when x is divisible by two */
int even(const long x) { return 0 == x % 2; }

long total_of_evens(const int vals[], const int len) {
  int k = 0;
  long acc = 0L;
  while (k < len) {
    if (vals[k] % 2 != 0) {
      k += 1;
      continue;
    }
    acc += vals[k];
    k += 1;
  }
  return acc;
}

int count_evens(const int vals[], const int len) {
  int j, cnt = 0;
  for (j = 0; j < len; j += 1)
    cnt += even(vals[j]) ? 1 : 0;
  return cnt;
}

/* entry point: read size, then the values */
int main(void) {
  long checked = 0;
  int status = 0;
  int size, got;
  int data[LIMIT];
  int ok = scanf("%d", &size) == 1;
  if (ok && 0 <= size && size <= LIMIT) {
    got = load_values(data, size);
    long total = total_of_evens(data, got);
    printf("Even count: %d\n", count_evens(data, got));
    printf("Even sum: %ld\n", total);
    return status;
  }
  fprintf(stderr, "usage: n a1 ... an // n <= %d /* no more */\n", LIMIT);
  return 1;
}

int load_values(int vals[], const int how_many) {
  int got = 0, k = 0;
  while (k < how_many && 1 == scanf("%d", &vals[k])) {
    got += 1;
    k += 1;
  }
  return got;
}
