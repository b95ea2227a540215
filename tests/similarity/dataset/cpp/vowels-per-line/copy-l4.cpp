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
  for (const Row &row : rows) {
    sum += row.second;
    std::cout << row.first << ": " << row.second << "\n";
  }
  std::cout << "total: " << sum << "\n";
}

bool matches(const char ch) { return LETTERS.find(ch) != std::string::npos; }

long tally(const std::string &text) {
  long hits = 0L;
  for (const char ch : text)
    if (matches(ch))
      hits++;
  return hits;
}

/* Reads the whole input, remembers the vowel count of every line
   and prints the summary once everything has been read. */
int main(int count, char *args[]) {
  if (count > 1) {
    std::cerr << USAGE << std::endl;
    return 0;
  }
  int longest = 0;
  long idx = 0L;
  std::string text;
  std::vector<Row> rows;

  while (std::getline(std::cin, text)) {
    idx++;
    rows.push_back(Row(idx, tally(text)));
  }

  summary(rows);
  return 0;
}
