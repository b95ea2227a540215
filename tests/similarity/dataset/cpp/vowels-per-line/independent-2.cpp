#include <algorithm>
#include <cctype>
#include <iostream>
#include <numeric>
#include <string>
#include <vector>

// count vowels with the standard library instead of a hand-written loop
long vowelsIn(const std::string &text)
{
    static const std::string vowels = "aeiou";
    return std::count_if(text.begin(), text.end(), [](unsigned char c) {
        return vowels.find(static_cast<char>(std::tolower(c))) != std::string::npos;
    });
}

void report(const std::vector<long> &counts)
{
    for (std::size_t i = 0; i < counts.size(); ++i)
        std::cout << i + 1 << ": " << counts[i] << '\n';
    std::cout << "total: " << std::accumulate(counts.begin(), counts.end(), 0L) << '\n';
}

int main()
{
    std::vector<long> counts;
    for (std::string line; std::getline(std::cin, line);)
        counts.push_back(vowelsIn(line));
    report(counts);
    return 0;
}
