#include <iostream>
#include <string>

int main() {
    std::string word;
    std::cin >> word;
    std::cout << word << "\n";
    return 0;
}
