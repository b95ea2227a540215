#include <vector>
#include <utility>
#include <string>
#include <iostream>

typedef std::pair<long, long> Row;

static const char *const USAGE = R"(usage: vowels < input.txt
  prints "line: count" for every line // and the total at the end)";
static const std::string LETTERS = std::string("aeiou") + "AEIOU";

void summary(const std::vector<Row> &rows) {
  long sum = 0L;
  for (std::size_t i = 0; i < rows.size(); i += 1) {
    sum = sum + rows[i].second;
    std::cout << rows[i].first << ": " << rows[i].second << "\n";
  }
  std::cout << "total: " << sum << "\n";
}

bool matches(const char ch) { return std::string::npos != LETTERS.find(ch); }

long tally(const std::string &text) {
  long hits = 0L;
  std::size_t i = 0;
  while (i < text.size()) {
    hits += matches(text[i]) ? 1 : 0;
    ++i;
  }
  return hits;
}

/* Reads the whole input, remembers the vowel count of every line
   and prints the summary once everything has been read. */
int main(int count, char *args[]) {
  if (1 < count) {
    std::cerr << USAGE << std::endl;
    return 0;
  }
  int longest = 0;
  long idx = 0L;
  std::string text;
  std::vector<Row> rows;

  for (; std::getline(std::cin, text);) {
    idx += 1;
    rows.push_back(Row(idx, tally(text)));
  }

  summary(rows);
  return 0;
}
