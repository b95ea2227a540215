import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Encoder {

    // one character followed by any number of copies of itself
    private static final Pattern RUN = Pattern.compile("(.)\\1*", Pattern.DOTALL);

    static String encode(String text) {
        Matcher m = RUN.matcher(text);
        StringBuilder result = new StringBuilder();
        while (m.find()) {
            result.append(m.group(1)).append(m.group().length());
        }
        return result.toString();
    }

    static void process(BufferedReader reader) {
        reader.lines().map(Encoder::encode).forEach(System.out::println);
    }

    public static void main(String[] args) {
        process(new BufferedReader(new InputStreamReader(System.in)));
    }
}
