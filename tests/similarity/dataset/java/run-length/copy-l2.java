import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Compressor
{
	static List<String> slurp(Scanner input)
	{
		List<String> rows = new ArrayList<>();
		while (input.hasNextLine())
			rows.add(input.nextLine());
		return rows;
	}

	static void emit(StringBuilder res, char ch, int len)
	{
		res.append(ch);
		res.append(len);
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String pack(String text)
	{
		StringBuilder res = new StringBuilder();
		int pos = 0;
		while (pos < text.length())
		{
			char ch = text.charAt(pos);
			int len = 1;
			while (pos + len < text.length() && text.charAt(pos + len) == ch)
				len++;
			emit(res, ch, len);
			pos += len;
		}
		return res.toString();
	}

	public static void main(String[] a)
	{
		Scanner input = new Scanner(System.in);
		List<String> rows = slurp(input);
		rows.forEach(row -> System.out.println(pack(row)));
		input.close();
	}
}
