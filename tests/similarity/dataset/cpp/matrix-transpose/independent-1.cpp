#include <iostream>
#include <vector>

// the matrix is kept in one flat vector, row-major
std::vector<int> readValues(int count)
{
    std::vector<int> values(count);
    for (int k = 0; k < count; ++k)
        std::cin >> values[k];
    return values;
}

void printColumn(const std::vector<int> &a, int rows, int cols, int col)
{
    for (int r = 0; r < rows; ++r) {
        if (r != 0)
            std::cout << " ";
        std::cout << a[r * cols + col];
    }
    std::cout << "\n";
}

int main()
{
    int rows = 0, cols = 0;
    std::cin >> rows >> cols;
    if (rows <= 0 || cols <= 0)
        return 0;
    std::vector<int> a = readValues(rows * cols);
    // column j of the input is row j of the transpose
    for (int c = 0; c < cols; ++c)
        printColumn(a, rows, cols, c);
    return 0;
}
