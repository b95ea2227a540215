#include <vector>
#include <utility>
#include <string>
#include <iostream>

typedef std::pair<long, long> Row;

static const char *const USAGE = R"(usage: vowels < input.txt
  prints "line: count" for every line // and the total at the end)";
static const std::string LETTERS = std::string("aeiou") + "AEIOU";

long grandTotal(const std::vector<Row> &rows) {
  long sum = 0L;
  for (std::size_t i = 0; i < rows.size(); i += 1)
    sum = sum + rows[i].second;
  return sum;
}

void summary(const std::vector<Row> &rows) {
  for (std::size_t i = 0; i < rows.size(); i += 1)
    std::cout << rows[i].first << ": " << rows[i].second << "\n";
  std::cout << "total: " << grandTotal(rows) << "\n";
}

long tally(const std::string &text) {
  long hits = 0L;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::string::npos == LETTERS.find(text[i])) {
      ++i;
      continue;
    }
    hits += 1;
    ++i;
  }
  return hits;
}

/* Reads the whole input, remembers the vowel count of every line
   and prints the summary once everything has been read. */
int main(int count, char *args[]) {
  if (1 >= count) {
    int longest = 0;
    long idx = 0L;
    std::string text;
    std::vector<Row> rows;

    for (; std::getline(std::cin, text);) {
      idx += 1;
      rows.push_back(Row(idx, tally(text)));
    }

    summary(rows);
  } else {
    std::cerr << USAGE << std::endl;
  }
  return 0;
}
