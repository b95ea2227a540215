#include <stdio.h>
#include <string.h>

#define STACK_CAP 512

char opener_for(char ch) {
	if (ch == ')')
		return '(';
	if (ch == ']')
		return '[';
	return '{';
}

int jump_string(const char *src, int start) {
	char q = src[start];
	int p = start + 1;
	while (src[p] != '\0' && src[p] != q) {
		if (src[p] == '\\' && src[p + 1] != '\0')
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
	int sp = 0;
	for (int p = 0; src[p] != '\0'; p++) {
		char cur = src[p];
		if (cur == '"' || cur == '\'') {
			p = jump_string(src, p);
			if (src[p] == '\0')
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
	char buf[1024];
	while (fgets(buf, sizeof(buf), stdin) != NULL)
		printf("%s\n", check(buf) ? "YES" : "NO");
	return 0;
}
