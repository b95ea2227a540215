#include <string.h>
#include <stdio.h>

#define BUF_LEN (1 << 10)
#define STACK_CAP (2 * 256)

static const char *const ANSWER[] = {"NO", "YES"};

int check(const char *src);
long jump_string(const char *src, const long start);
char opener_for(const char ch);

int main(void) {
	char buf[BUF_LEN];
	for (;;) {
		if (fgets(buf, sizeof(buf), stdin) == NULL)
			break;
		printf("%s\n", ANSWER[check(buf)]);
	}
	return 0;
}

/*
 * Classic stack check.
 * Anything between quotes is ignored.
 */
int check(const char *src) {
	char cur;
	int deepest = 0;
	long sp = 0, p = 0;
	char st[STACK_CAP];
	while (src[p] != 0) {
		cur = src[p];
		if ('"' == cur || '\'' == cur) {
			p = jump_string(src, p);
			if (0 == src[p])
				break;
		}
		else if ('(' == cur || '[' == cur || '{' == cur) {
			if (STACK_CAP == sp)
				return 0;
			st[sp] = cur;
			sp += 1;
		}
		else if (')' == cur || ']' == cur || '}' == cur) {
			if (0 == sp || opener_for(cur) != st[sp - 1])
				return 0;
			sp -= 1;
		}
		p += 1;
	}
	return 0 == sp;
}

char opener_for(const char ch) {
	return ch == ']' ? '[' : (ch == ')' ? '(' : '{');
}

long jump_string(const char *src, const long start) {
	long p;
	const char q = src[start];
	for (p = start + 1; src[p] != 0 && src[p] != q; p += 1) {
		if (src[p] == '\\' && src[p + 1] != 0)
			p += 1; /* escaped character: jump over it */
	}
	return p;
}
