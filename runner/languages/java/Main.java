import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Scanner;

public class Main {
    public static void main(String[] args) throws Exception {
        // Touch the classes student programs use most, so the AppCDS archive has them.
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        Scanner scanner = new Scanner(line == null ? "" : line);
        StringBuilder out = new StringBuilder();
        out.append(scanner.hasNext() ? scanner.next() : "");
        System.out.println(String.format("%s", out));
    }
}
