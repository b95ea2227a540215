#include <stdio.h>
#include <string.h>

#define MAX_DEPTH 512

char matching(char close) {
	if (close == ')')
		return '(';
	if (close == ']')
		return '[';
	return '{';
}

int skip_quoted(const char *line, int pos) {
	char quote = line[pos];
	int i = pos + 1;
	while (line[i] != '\0' && line[i] != quote) {
		if (line[i] == '\\' && line[i + 1] != '\0')
			i++; /* escaped character: jump over it */
		i++;
	}
	return i;
}

/*
 * Classic stack check.
 * Anything between quotes is ignored.
 */
int is_balanced(const char *line) {
	char stack[MAX_DEPTH];
	int top = 0;
	for (int i = 0; line[i] != '\0'; i++) {
		char c = line[i];
		if (c == '"' || c == '\'') {
			i = skip_quoted(line, i);
			if (line[i] == '\0')
				break;
		}
		else if (c == '(' || c == '[' || c == '{') {
			if (top == MAX_DEPTH)
				return 0;
			stack[top++] = c;
		}
		else if (c == ')' || c == ']' || c == '}') {
			if (top == 0 || stack[top - 1] != matching(c))
				return 0;
			top--;
		}
	}
	return top == 0;
}

int main(void) {
	char line[1024];
	while (fgets(line, sizeof(line), stdin) != NULL)
		printf("%s\n", is_balanced(line) ? "YES" : "NO");
	return 0;
}
