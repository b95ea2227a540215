import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class RunLength
{
	static List<String> readLines(Scanner sc)
	{
		List<String> lines = new ArrayList<>();
		while (sc.hasNextLine())
			lines.add(sc.nextLine());
		return lines;
	}

	static void appendRun(StringBuilder out, char c, int count)
	{
		out.append(c);
		out.append(count);
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String encode(String s)
	{
		StringBuilder out = new StringBuilder();
		int i = 0;
		while (i < s.length())
		{
			char current = s.charAt(i);
			int count = 1;
			while (i + count < s.length() && s.charAt(i + count) == current)
				count++;
			appendRun(out, current, count);
			i += count;
		}
		return out.toString();
	}

	public static void main(String[] args)
	{
		Scanner sc = new Scanner(System.in);
		List<String> lines = readLines(sc);
		lines.forEach(line -> System.out.println(encode(line)));
		sc.close();
	}
}
