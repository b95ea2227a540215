import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.List;
import java.util.stream.Collectors;

public class Task {

    static String letters(String line) {
        return line.chars()
                .filter(Character::isLetterOrDigit)
                .map(Character::toLowerCase)
                .mapToObj(c -> String.valueOf((char) c))
                .collect(Collectors.joining());
    }

    static boolean palindrome(String w) {
        int n = w.length();
        for (int i = 0; i < n / 2; i++) {
            if (w.charAt(i) != w.charAt(n - 1 - i)) {
                return false;
            }
        }
        return true;
    }

    public static void main(String[] args) {
        List<String> lines = new BufferedReader(new InputStreamReader(System.in))
                .lines().collect(Collectors.toList());
        long good = lines.stream().map(Task::letters).filter(Task::palindrome).count();
        for (String line : lines) {
            System.out.println(palindrome(letters(line)) ? "yes" : "no");
        }
        System.out.println("palindromes: " + good + "/" + lines.size());
    }
}
