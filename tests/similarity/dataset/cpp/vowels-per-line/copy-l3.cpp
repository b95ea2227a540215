#include <iostream>
#include <string>
#include <utility>
#include <vector>

typedef std::pair<long, long> Row;

static const std::string LETTERS = std::string("aeiou") + "AEIOU";
static const char *const USAGE = R"(usage: vowels < input.txt
  prints "line: count" for every line // and the total at the end)";

bool matches(const char ch) { return LETTERS.find(ch) != std::string::npos; }

long tally(const std::string &text) {
  long hits = 0L;
  for (const char ch : text)
    if (matches(ch))
      hits++;
  return hits;
}

void summary(const std::vector<Row> &rows) {
  long sum = 0L;
  for (const Row &row : rows) {
    std::cout << row.first << ": " << row.second << "\n";
    sum += row.second;
  }
  std::cout << "total: " << sum << "\n";
}

/* Reads the whole input, remembers the vowel count of every line
   and prints the summary once everything has been read. */
int main(int count, char *args[]) {
  std::vector<Row> rows;
  std::string text;
  long idx = 0L;
  int longest = 0;
  if (count > 1) {
    std::cerr << USAGE << std::endl;
    return 0;
  }

  while (std::getline(std::cin, text)) {
    idx++;
    rows.push_back(Row(idx, tally(text)));
  }

  summary(rows);
  return 0;
}
