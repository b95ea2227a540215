#include <stdio.h>
#include <string.h>

#define STACK_CAP (2 * 256)
#define BUF_LEN (1 << 10)

static const char *const ANSWER[] = {"NO", "YES"};

char opener_for(const char ch) {
	if (ch == ')')
		return '(';
	if (ch == ']')
		return '[';
	return '{';
}

long jump_string(const char *src, const long start) {
	const char q = src[start];
	long p = start + 1;
	while (src[p] != 0 && src[p] != q) {
		if (src[p] == '\\' && src[p + 1] != 0)
			p++; /* escaped character: jump over it */
		p++;
	}
	return p;
}

/*
 * Classic stack check.
 * Anything between quotes is ignored.
 */
int check(const char *src) {
	char st[STACK_CAP];
	long sp = 0, p;
	int deepest = 0;
	char cur;
	for (p = 0; src[p] != 0; p++) {
		cur = src[p];
		if (cur == '"' || cur == '\'') {
			p = jump_string(src, p);
			if (src[p] == 0)
				break;
		}
		else if (cur == '(' || cur == '[' || cur == '{') {
			if (sp == STACK_CAP)
				return 0;
			st[sp++] = cur;
		}
		else if (cur == ')' || cur == ']' || cur == '}') {
			if (sp == 0 || st[sp - 1] != opener_for(cur))
				return 0;
			sp--;
		}
	}
	return sp == 0;
}

int main(void) {
	char buf[BUF_LEN];
	while (fgets(buf, sizeof(buf), stdin) != NULL)
		printf("%s\n", ANSWER[check(buf)]);
	return 0;
}
