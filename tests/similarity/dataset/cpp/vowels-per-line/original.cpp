#include <iostream>
#include <string>
#include <utility>
#include <vector>

const std::string VOWELS = "aeiouAEIOU";

const char *HELP = R"(usage: vowels < input.txt
  prints "line: count" for every line // and the total at the end)";

bool isVowel(char c)
{
    return VOWELS.find(c) != std::string::npos;
}

int countVowels(const std::string &line)
{
    int count = 0;
    for (char c : line) {
        if (isVowel(c)) {
            count++;
        }
    }
    return count;
}

// results holds pairs (line number, vowels on that line)
void printReport(const std::vector<std::pair<int, int>> &results)
{
    int total = 0;
    for (const auto &entry : results) {
        std::cout << entry.first << ": " << entry.second << "\n";
        total += entry.second;
    }
    std::cout << "total: " << total << "\n";
}

int main(int argc, char *argv[])
{
    if (argc > 1) {
        std::cerr << HELP << std::endl;
        return 0;
    }
    std::vector<std::pair<int, int>> results;
    std::string line;
    int lineNo = 0;
    while (std::getline(std::cin, line)) {
        lineNo++;
        results.push_back(std::make_pair(lineNo, countVowels(line)));
    }
    printReport(results);
    return 0;
}
