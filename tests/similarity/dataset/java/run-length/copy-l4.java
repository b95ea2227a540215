import java.util.Scanner;
import java.util.List;
import java.util.ArrayList;

public class Compressor
{
	private static final int SINGLE = 1;

	public static void main(final String[] a)
	{
		int processed = 0;
		final List<String> rows;
		final Scanner input = new Scanner(System.in);
		rows = slurp(input);
		input.close();
		rows.forEach(row -> System.out.println(pack(row)));
	}

	/*
	 * Run-length encoding: every block of equal characters
	 * becomes the character followed by the block length.
	 */
	static String pack(final String text)
	{
		char ch;
		int pos = 0, len;
		final int size = text.length();
		final StringBuilder res = new StringBuilder();
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

	static void emit(final StringBuilder res, final char ch, final long len)
	{
		res.append(ch);
		res.append(len);
	}

	static List<String> slurp(final Scanner input)
	{
		final List<String> rows = new ArrayList<String>();
		while (input.hasNextLine())
			rows.add(input.nextLine());
		return rows;
	}
}
