import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Compressor
{
	private static final int SINGLE = 1;

	static List<String> slurp(final Scanner input)
	{
		final List<String> rows = new ArrayList<String>();
		while (input.hasNextLine())
			rows.add(input.nextLine());
		return rows;
	}

	static void emit(final StringBuilder res, final char ch, final long len)
	{
		res.append(ch);
		res.append(len);
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String pack(final String text)
	{
		final StringBuilder res = new StringBuilder();
		final int size = text.length();
		int pos = 0, len;
		char ch;
		while (pos < size)
		{
			ch = text.charAt(pos);
			len = SINGLE;
			while (pos + len < size && text.charAt(pos + len) == ch)
				len++;
			emit(res, ch, len);
			pos += len;
		}
		return res.toString();
	}

	public static void main(final String[] a)
	{
		final Scanner input = new Scanner(System.in);
		final List<String> rows;
		int processed = 0;
		rows = slurp(input);
		rows.forEach(row -> System.out.println(pack(row)));
		input.close();
	}
}
