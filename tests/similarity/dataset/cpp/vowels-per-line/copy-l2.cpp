#include <iostream>
#include <string>
#include <utility>
#include <vector>

const std::string LETTERS = "aeiouAEIOU";
const char *USAGE = R"(usage: vowels < input.txt
  prints "line: count" for every line // and the total at the end)";

bool matches(char ch) { return LETTERS.find(ch) != std::string::npos; }

int tally(const std::string &text) {
  int hits = 0;
  for (char ch : text)
    if (matches(ch))
      hits++;
  return hits;
}

void summary(const std::vector<std::pair<int, int>> &rows) {
  int sum = 0;
  for (const auto &row : rows) {
    std::cout << row.first << ": " << row.second << "\n";
    sum += row.second;
  }
  std::cout << "total: " << sum << "\n";
}

/* Reads the whole input, remembers the vowel count of every line
   and prints the summary once everything has been read. */
int main(int count, char *args[]) {
  if (count > 1) {
    std::cerr << USAGE << std::endl;
    return 0;
  }

  std::vector<std::pair<int, int>> rows;
  std::string text;
  int idx = 0;

  while (std::getline(std::cin, text)) {
    idx++;
    rows.push_back(std::make_pair(idx, tally(text)));
  }

  summary(rows);
  return 0;
}
