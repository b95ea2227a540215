import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Main {

    private static void flush(StringBuilder sb, char c, int n) {
        if (n > 0) {
            sb.append(c).append(n);
        }
    }

    public static String rle(String line) {
        StringBuilder sb = new StringBuilder();
        char prev = 0;
        int n = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (n > 0 && c == prev) {
                n++;
            } else {
                flush(sb, prev, n);
                prev = c;
                n = 1;
            }
        }
        flush(sb, prev, n);
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            System.out.println(rle(line));
        }
    }
}
